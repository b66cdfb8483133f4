/** A LIKE pattern that finds `text` anywhere, its wildcards escaped: 'MU_1' means exactly that. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
