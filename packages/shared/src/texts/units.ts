/** Limits are stored in bytes and seconds; texts show them in the unit a member reads. */
export const inMegabytes = (bytes: number): number => bytes / (1024 * 1024);
export const inHours = (seconds: number): number => seconds / (60 * 60);
