/** The user's home folder, and `~/…` in a path setting as a person would type it. */
export function homeFolder(): string {
  return process.env.HOME ?? process.env.USERPROFILE ?? '';
}

export function expandHome(p: string): string {
  return p.replace(/^~(?=$|[/\\])/, homeFolder());
}
