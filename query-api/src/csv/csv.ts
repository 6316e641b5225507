/** The platform's CSV dialect lives in infra (the command API's annual report writes it too). */
export * from '@recup/infra/csv/csv';
