import type { Translations } from '../../../lib/translations';
import type { contentFr } from './fr';

export const contentEn: Translations<typeof contentFr> = {
  lastUpdated: 'Last updated:',
  legalContents: 'Contents',
  legalVatNumber: 'EU VAT number: {{vatNumber}}',
  legalSellerLoading: 'Loading the publisher’s details…',
  legalDemonstration:
    'Demonstration version: the publisher, host and registration numbers shown are examples, to be replaced before going live.',
  legalSellerError: 'The details of the website’s publisher could not be loaded.',
  howItWorks: {
    intro:
      'A points recovery course gives you back up to 4 points on your driving licence in two days. Here is how to find, book and attend your course with Récup’Points, step by step.',
    stepsTitle: 'Six steps to recover your points',
    stepLabel: 'Step {{number}}',
    steps: {
      check: {
        title: 'Check your points balance',
        body: 'Look up your balance on the official ANTS website (the “Mes points permis” service). To attend a course, your licence must be valid with at least 1 point left; for it to give you points back, your last course must be more than 12 months ago.',
      },
      search: {
        title: 'Find a course near you',
        body: 'Search by city or postal code, then narrow down by dates, weekends, price, distance or department. Every course listed is run by a training centre approved by the prefecture in Provence-Alpes-Côte d’Azur.',
      },
      book: {
        title: 'Book your place online',
        body: 'Create your account, accept the terms and conditions and book. Your place is held for 30 minutes while you pay for the course; without payment it is then released for another driver.',
      },
      pay: {
        title: 'Pay securely',
        body: 'Pay by card on a secure payment page. Your booking is confirmed as soon as the payment goes through (or when the training centre approves it) and you receive a confirmation email. Your invoice is available in your dashboard.',
      },
      attend: {
        title: 'Attend both days of the course',
        body: 'The course lasts 2 consecutive days, 14 hours of training in total, usually from 8 AM to 12 PM and from 1 PM to 5 PM, breaks included. Bring your driving licence and an identity document: you must attend the whole course, and there is no exam.',
      },
      recover: {
        title: 'Get your points back',
        body: 'At the end of the course, the centre gives you a certificate and sends it to the prefecture. Up to 4 points are credited back to your licence, usually within 1 to 2 weeks. If nothing has changed after 3 weeks, contact us.',
      },
    },
    questionsTitle: 'Your questions about the course',
    questions: {
      points: {
        question: 'How many points will I get back?',
        answer:
          'A course gives back up to 4 points, without going above your licence’s ceiling: 12 points, or the ceiling reached so far if you are still on a probationary licence (which starts with 6 points).',
      },
      duration: {
        question: 'How long does a course last?',
        answer:
          'Two consecutive days, 14 hours of training in total. The exact times of each course are shown on its page before you book.',
      },
      frequency: {
        question: 'Can I take more than one course?',
        answer: 'Yes, but no more than one course in any 12-month period: at least one year must pass between two points recovery courses.',
      },
      cancellation: {
        question: 'Can I cancel my booking?',
        answer:
          'Yes, a confirmed booking can be cancelled from your dashboard until the course starts. If you cancel at least 72 hours before the start, you are refunded automatically; after that, the cancellation is not refunded.',
      },
      credit: {
        question: 'When will my points be credited?',
        answer:
          'The administration credits the points back the day after the course, and they usually appear on your balance within 1 to 2 weeks. If nothing has changed after 3 weeks, contact us.',
      },
    },
    moreQuestions: 'See all frequently asked questions',
    cta: {
      title: 'Ready to get your points back?',
      body: 'Compare the courses available near you and book your place in a few minutes.',
      button: 'Find a course',
    },
  },
  faq: {
    intro:
      'Answers to the most common questions about points recovery courses, booking, cancellation and getting your points credited.',
    categories: {
      course: {
        title: 'The course',
        questions: {
          what: {
            question: 'What is a points recovery course?',
            answer:
              'It is a road safety awareness course approved by the prefecture and led by two professionals: a psychologist and a road safety specialist. It lets you recover points on your driving licence.',
          },
          points: {
            question: 'How many points can I recover?',
            answer:
              'Up to 4 points per course, without going above your licence’s ceiling: 12 points, or the ceiling reached so far on a probationary licence (which starts with 6 points).',
          },
          duration: {
            question: 'How long does a course last and what happens during it?',
            answer:
              'The course lasts 2 consecutive days, 14 hours of training in total, usually from 8 AM to 12 PM and from 1 PM to 5 PM, breaks included. It takes place in a small group and is based on discussion: there is no exam and no driving. You must attend the whole course.',
          },
          frequency: {
            question: 'How often can I take a course?',
            answer:
              'Only one course in any 12-month period: at least one year must pass between two courses. A course taken less than 12 months after the previous one gives back no points.',
          },
        },
      },
      booking: {
        title: 'Booking and payment',
        questions: {
          how: {
            question: 'How do I book a course?',
            answer:
              'Search for a course by city or postal code, open its page, accept the terms and conditions and click “Book”. You need to be signed in to your account; registration is free.',
          },
          hold: {
            question: 'How long is my place held before I pay?',
            answer:
              'An unpaid booking stays pending and holds your place for 30 minutes. After that it expires and the place is released for another driver. You can pay for a pending booking from your dashboard.',
          },
          payment: {
            question: 'How do I pay, and when is my booking confirmed?',
            answer:
              'You pay online by card on a secure page. Your booking is confirmed as soon as the payment goes through, or when the training centre approves your pending booking. A confirmation email is then sent to you. Online payment currently runs in test mode: no real amount is charged.',
          },
          invoice: {
            question: 'Will I get an invoice?',
            answer: 'Yes. As soon as your payment goes through, you can download your invoice from your dashboard, in the booking’s details.',
          },
        },
      },
      cancellation: {
        title: 'Cancellation and refunds',
        questions: {
          cancel: {
            question: 'Can I cancel my booking?',
            answer: 'Yes. A confirmed booking can be cancelled from your dashboard at any time until the course starts. A cancellation is final.',
          },
          refund: {
            question: 'Will I be refunded if I cancel?',
            answer:
              'If you cancel at least 72 hours before the course starts, you are refunded automatically and in full, on the card used for the payment. If you cancel less than 72 hours before the start, the cancellation is not refunded. Before you confirm, the cancellation dialog always tells you whether you will be refunded.',
          },
          change: {
            question: 'Can I change the date of my course?',
            answer:
              'Cancel your current booking, then book the course you want. The refund rules above apply to the cancellation: remember to cancel at least 72 hours before the course starts.',
          },
          centre: {
            question: 'What happens if the centre cancels the course?',
            answer: 'You are told by email and the amount you paid is refunded in full. You can then book another course.',
          },
        },
      },
      licence: {
        title: 'Points and licence',
        questions: {
          eligibility: {
            question: 'Who can attend a course?',
            answer:
              'Any driver whose licence is still valid, meaning it has at least 1 point left. A course taken less than 12 months after the previous one gives no points back, though: the website warns you before you book. A licence that has been invalidated (0 points) can no longer be saved by a course.',
          },
          balance: {
            question: 'How do I find out my points balance?',
            answer:
              'Sign in to the official ANTS website (the “Mes points permis” service), for example with FranceConnect. The balance shown is the one on your file at the prefecture.',
          },
          probation: {
            question: 'I have a probationary licence: can I take a course?',
            answer:
              'Yes. If you have received a letter requiring you to take a course (letter 48N), you must attend it within 4 months. The course gives points back up to the ceiling your probationary licence has reached.',
          },
          credit: {
            question: 'When will my points be credited?',
            answer:
              'The centre sends your course certificate to the prefecture. The points usually appear on your balance within 1 to 2 weeks. If nothing has changed after 3 weeks, contact us.',
          },
        },
      },
    },
    help: {
      title: 'Didn’t find your answer?',
      body: 'Our team answers from Monday to Saturday. Write to us, or browse the courses available near you.',
      contact: 'Contact us',
      courses: 'Browse courses',
    },
  },
  contact: {
    intro:
      'A question about a course, a booking or getting your points credited? Write to us: we answer within 2 working days.',
    form: {
      title: 'Send us a message',
      name: 'Your name',
      email: 'Email address',
      subject: 'Subject',
      message: 'Message',
      messageHint: 'At least 10 characters',
      submit: 'Send message',
    },
    validation: {
      name: 'Name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    },
    toast: {
      successTitle: 'Message sent',
      success: 'Thank you for your message. We will get back to you as soon as possible.',
    },
    info: {
      title: 'Our contact details',
      address: 'Address',
      phone: 'Phone',
      email: 'Email',
      hoursTitle: 'Opening hours',
      weekdays: 'Monday to Friday',
      weekdaysHours: '9:00 AM – 6:00 PM',
      saturday: 'Saturday',
      saturdayHours: '10:00 AM – 4:00 PM',
      sunday: 'Sunday',
      closed: 'Closed',
    },
  },
  legalNotice: {
    intro:
      'As required by French law no. 2004-575 of 21 June 2004 on confidence in the digital economy, here is the information about the publisher and the host of the Récup’Points website.',
    sections: {
      publisher: {
        title: 'Publisher',
        paragraphs: ['The Récup’Points website is published by:'],
        items: [
          '{{name}}, {{legalForm}} with a share capital of {{capital}}',
          'Registered office: {{address}}',
          'SIREN {{siren}} – SIRET {{siret}} – {{rcs}}',
          '{{vat}}',
        ],
      },
      contact: {
        title: 'Contact us',
        paragraphs: [
          'Phone: {{phone}} (Monday to Friday 9 AM to 6 PM, Saturday 10 AM to 4 PM). Email: {{email}}. You can also use our contact form.',
        ],
        link: 'Go to the contact form',
      },
      director: {
        title: 'Publication director',
        paragraphs: ['The publication director is {{director}}, legal representative of {{name}}.'],
      },
      hosting: {
        title: 'Hosting',
        paragraphs: ['The website is hosted by {{hostingProvider}}, {{hostingAddress}} (phone: {{hostingPhone}}).'],
      },
      activity: {
        title: 'Activity',
        paragraphs: [
          'Récup’Points is an online booking platform for points recovery courses. The courses are organised and led by training centres approved by the prefecture, which alone are responsible for the teaching content and for how the courses are run.',
          '{{name}} sells each course in its own name, for the account of the approved centre that runs it (an intermediary within the meaning of article 256 V of the French tax code): it takes the payment and issues the invoice of every booking paid online, numbered in its own series.',
        ],
      },
      property: {
        title: 'Intellectual property',
        paragraphs: [
          'All content on this website (texts, logos, graphics, software) belongs to {{name}} or its partners. Any reproduction or representation, in whole or in part, without prior written permission is prohibited.',
        ],
      },
      liability: {
        title: 'Liability',
        paragraphs: [
          'Récup’Points strives to provide accurate, up-to-date information, in particular the course dates, places and prices supplied by the centres. This information may change, however; only the details in your booking confirmation are binding.',
        ],
      },
      data: {
        title: 'Personal data',
        paragraphs: ['How your personal data is processed, and your rights, are described in our privacy policy.'],
        link: 'Read the privacy policy',
      },
      law: {
        title: 'Governing law',
        paragraphs: [
          'This legal notice is governed by French law. In the event of a dispute that cannot be settled amicably, the courts of Marseille have sole jurisdiction.',
        ],
      },
    },
  },
  privacyPolicy: {
    intro:
      'Récup’Points takes the protection of your personal data seriously. This policy explains what data we collect, why, how long we keep it and how to exercise your rights, in accordance with the General Data Protection Regulation (GDPR) and the French Data Protection Act.',
    sections: {
      controller: {
        title: 'Data controller',
        paragraphs: [
          'The data controller is {{name}}, {{address}}. For any question about your data: {{email}}.',
        ],
      },
      collected: {
        title: 'Data we collect',
        paragraphs: ['We only collect the data needed for your registration and for your course:'],
        items: [
          'identity: title, last name, first name, date and place of birth;',
          'contact details: email address, postal address, phone numbers;',
          'driving licence: licence number, which the centre needs to report your course to the prefecture;',
          'bookings and payments: courses booked, amounts, statuses and invoices (card numbers are handled by our payment provider and are never stored by Récup’Points);',
          'messages sent through the contact form;',
          'technical connection data needed to keep the website secure.',
        ],
      },
      purposes: {
        title: 'Purposes and legal bases',
        paragraphs: ['Your data is used to:'],
        items: [
          'create and manage your account, and process your bookings, cancellations and refunds (performance of the contract);',
          'send the training centre the information it needs to register you and report the course to the prefecture (performance of the contract and legal obligation);',
          'issue and keep invoices (legal obligation);',
          'send you emails about your account and your bookings (performance of the contract);',
          'keep the website secure and prevent fraud (legitimate interest).',
        ],
      },
      recipients: {
        title: 'Recipients',
        paragraphs: [
          'Your data can only be accessed by authorised Récup’Points staff, the training centre running your course, our payment provider and our host. It is never sold or used for advertising.',
        ],
      },
      retention: {
        title: 'How long we keep your data',
        paragraphs: ['We keep your data for the following periods:'],
        items: [
          'account and profile: as long as your account exists. You may ask for it to be deleted: your upcoming bookings are then cancelled (and refunded under the terms and conditions), and your account can no longer be used nor seen by the centres;',
          'the history of bookings, payments and refunds, with the buyer’s identity: 10 years, as the law requires for accounting records, including after the account is deleted;',
          'invoices and credit notes: 10 years, as they were issued;',
          'contact messages: 1 year.',
        ],
      },
      security: {
        title: 'Security',
        paragraphs: [
          'All exchanges with the website are encrypted (HTTPS), passwords are stored hashed, and access to data is limited to the people who need it.',
        ],
      },
      rights: {
        title: 'Your rights',
        paragraphs: [
          'You have the right to access, rectify, erase, restrict, port and object to the processing of your data. To exercise these rights, write to {{email}}; we answer within one month. You can also lodge a complaint with the CNIL, the French data protection authority (www.cnil.fr).',
        ],
      },
      cookies: {
        title: 'Cookies',
        paragraphs: [
          'The website only uses cookies that are strictly necessary for it to work, with no advertising or audience measurement. The details are in our cookie policy.',
        ],
        link: 'Read the cookie policy',
      },
      changes: {
        title: 'Changes',
        paragraphs: [
          'This policy may change to reflect changes to the service or to the law. The date of the last update is shown at the top of this page.',
        ],
      },
    },
  },
  terms: {
    intro:
      'These terms and conditions govern the use of the Récup’Points website and the booking of points recovery courses. By booking a course, you confirm that you have read and accepted them.',
    sections: {
      purpose: {
        title: 'Purpose and role of Récup’Points',
        paragraphs: [
          'The Récup’Points website, published by {{name}}, offers road safety awareness courses run by training centres approved by the prefecture in Provence-Alpes-Côte d’Azur.',
          '{{name}} sells each course in its own name, on behalf of the approved centre that runs it (an intermediary within the meaning of article 256 V of the French tax code): it takes your payment, refunds you where due and issues your invoice. The training centre is responsible for the teaching content and for running the course.',
        ],
      },
      eligibility: {
        title: 'Who can attend',
        paragraphs: [
          'To attend a points recovery course, you must hold a valid driving licence with at least 1 point left, and provide accurate information, including your licence number.',
          'A course gives points back only once in any 12-month period: a course that starts less than a year after the end of the previous one gives none. You may still book it; the website warns you, with the date from which a course would give you points again, before you book and before you pay.',
        ],
      },
      account: {
        title: 'Account',
        paragraphs: [
          'Booking requires an account whose email address has been verified. You are responsible for keeping your password confidential and for the accuracy of your profile information.',
        ],
      },
      booking: {
        title: 'Booking',
        paragraphs: [
          'Booking a course requires accepting these terms. An unpaid booking is pending: it holds a place for you for 30 minutes, then expires and the place is released.',
          'The booking is confirmed as soon as the payment goes through, or when the training centre approves the pending booking. A confirmation email is then sent to you.',
        ],
      },
      price: {
        title: 'Prices and payment',
        paragraphs: [
          'Prices are shown in euros, all taxes included (20% VAT included). Payment is made online by card on a secure page; your card details are handled by our payment provider. Online payment currently runs in test mode: no real amount is charged.',
          'As soon as the payment goes through, {{name}} issues a numbered invoice, which you can download from your dashboard. A refund comes with a credit note, attached to the invoice. A booking the centre confirmed without online payment is paid at the centre.',
        ],
      },
      course: {
        title: 'How the course runs',
        paragraphs: [
          'The course lasts 2 consecutive days, 14 hours of training in total, usually from 8 AM to 12 PM and from 1 PM to 5 PM, breaks included. You must bring your driving licence and an identity document.',
          'You must attend the whole course. Arriving very late or missing any part of it prevents the course certificate from being issued, and gives no right to a refund.',
        ],
      },
      points: {
        title: 'Recovering points',
        paragraphs: [
          'The course gives back up to 4 points, without going above your licence’s ceiling. The centre sends the course certificate to the prefecture; the points are credited back by the administration, usually within 1 to 2 weeks.',
          'Getting points back is not guaranteed: it depends on your situation (valid licence, balance, probationary period, a course taken in the previous 12 months) and is up to the administration, not {{name}} nor the centre. A course that gives no points back is not refunded for that reason.',
        ],
      },
      withdrawal: {
        title: 'Right of withdrawal',
        paragraphs: [
          'You book at a distance: you have 14 days from your booking to withdraw, without giving any reason. Cancel the booking from your dashboard, or write to us at {{email}}: you are refunded in full, on the card you used, no later than 14 days after you withdraw (in practice, at once).',
          'This right does not apply to a course that starts before those 14 days are over at your express request: to book such a course, you ask, when booking, for it to start before the period ends and acknowledge that the right of withdrawal will not apply. Its cancellation then follows the rules below.',
        ],
      },
      cancellation: {
        title: 'Cancellation by the learner',
        paragraphs: [
          'You can cancel a confirmed booking from your dashboard until the course starts. A cancellation made at least 72 hours before the course starts, or within the withdrawal period where it applies, is refunded automatically and in full, on the card used for the payment. Otherwise, a cancellation made less than 72 hours before the course starts is not refunded. The cancellation window always tells you, before you confirm, whether you will be refunded.',
          'A cancellation is final; to change dates, cancel and then book another course.',
        ],
      },
      centreCancellation: {
        title: 'Cancellation by the centre',
        paragraphs: ['If a course is cancelled by the training centre, you are told by email and the amount you paid is refunded in full.'],
      },
      data: {
        title: 'Personal data',
        paragraphs: ['Your data is processed in accordance with our privacy policy.'],
        link: 'Read the privacy policy',
      },
      law: {
        title: 'Governing law and disputes',
        paragraphs: [
          'These terms are governed by French law. In the event of a dispute, please contact us first so that we can look for an amicable solution. Failing that, the courts of Marseille have jurisdiction, subject to the rules that protect consumers.',
        ],
      },
    },
  },
  cookies: {
    intro: 'This page explains what cookies are, which ones Récup’Points uses and how to manage them.',
    sections: {
      what: {
        title: 'What is a cookie?',
        paragraphs: [
          'A cookie is a small file stored on your device when you visit a website. It can, for example, keep you signed in from one page to the next. The browser’s local storage plays a similar role.',
        ],
      },
      used: {
        title: 'The cookies we use',
        paragraphs: ['Récup’Points only uses cookies and storage that are strictly necessary for the website to work:'],
        items: [
          'session cookie (rp_session): keeps you signed in and protects your account; it expires after 30 minutes of inactivity and at most 12 hours after you sign in;',
          'language preference (local storage): remembers the language you chose, French or English, until you clear it;',
          'cookies from our payment provider: set only on the payment page, to secure the transaction and prevent fraud.',
        ],
      },
      none: {
        title: 'What we do not use',
        paragraphs: [
          'No advertising, social network or audience measurement cookies are set. We do not track your browsing on other websites.',
        ],
      },
      consent: {
        title: 'Consent',
        paragraphs: [
          'Strictly necessary cookies do not require consent, in line with the recommendations of the CNIL, the French data protection authority. This is why the website does not show you a consent banner.',
        ],
      },
      manage: {
        title: 'Managing cookies',
        paragraphs: [
          'You can delete or block cookies in your browser settings. Without the session cookie, however, you will no longer be able to sign in or book a course.',
        ],
      },
      contact: {
        title: 'Contact us',
        paragraphs: ['For any question about cookies or your personal data, write to us at {{email}}.'],
        link: 'Read the privacy policy',
      },
    },
  },
};
