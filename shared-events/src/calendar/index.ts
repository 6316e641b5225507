export * from './calendar-day';
export * from './french-public-holidays';
export * from './course-days';
export * from './course-sessions';
