/** A time of day as staff read it on the marking page: 14:05. */
export function clockTime(at: Date): string {
  return at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
}
