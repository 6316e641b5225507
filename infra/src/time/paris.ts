/** The Paris calendar is pure domain knowledge (the course rules need it): it lives in shared-events. */
export * from '@recup/shared-events/calendar/paris';
