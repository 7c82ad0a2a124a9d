/** The width a one-line list must fit in when the editor has no ruler (Prettier's is 80). */
export const DEFAULT_PRINT_WIDTH = 100;
