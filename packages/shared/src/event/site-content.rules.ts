/** The home page shows this many questions; the FAQ document has them all. (No zod here: the home page's first load takes it.) */
export const HOME_FAQ_COUNT = 5;
