// The results review and publication (issue 9; staffApi in packages/shared/src/endpoints).

/** '1 result', '2 results'. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
