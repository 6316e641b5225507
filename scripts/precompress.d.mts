/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that they make smaller; returns how many files. */
export function precompressDirectory(dir: string): number;
