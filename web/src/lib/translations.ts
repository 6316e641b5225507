/** The English resources must have exactly the keys of the French ones: the compiler checks both stay complete. */
export type Translations<T> = { [K in keyof T]: T[K] extends string ? string : Translations<T[K]> };
