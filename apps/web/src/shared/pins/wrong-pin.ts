/** Under the boxes of a wrong pin; the spec's own words are the toast's (issue 32). */
export const WRONG_PIN = 'This code is not right. Check the digits, or send a new code.';
