/** SOURCE_DATE_EPOCH, the reproducible-builds convention for a build's date. */

/** Whether SOURCE_DATE_EPOCH's value is one (whole seconds since 1970, up to the year 9999). */
export function isSourceDate(value: string): boolean {
  return /^\d{1,12}$/.test(value) && Number(value) <= 253_402_300_799;
}
