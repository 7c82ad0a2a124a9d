/**
 * What the agent tools draw when not told otherwise: small enough that a few pages fit a
 * model's context (an A4 page at 96 dpi is 793 × 1122 px, about 1,200 image tokens).
 */
export const DEFAULT_AGENT_DPI = 96;
/** Pages drawn when the call names none. */
export const DEFAULT_AGENT_PAGES = 3;
/** Pages one call may ask for. */
export const MAX_AGENT_PAGES = 10;
