// The walkthrough's steps and the context keys that tick them, without 'vscode': package.json's
// `completionEvents` are held to this table by a unit test.

/** Step id → the context key that ticks it (a unit test holds package.json to this table). */
export const WALKTHROUGH_STEPS = {
  openExample: 'reportStudio.walkthrough.exampleOpened',
  newReport: 'reportStudio.walkthrough.reportCreated',
  liveView: 'reportStudio.walkthrough.liveViewShown',
  preview: 'reportStudio.walkthrough.previewed',
  build: 'reportStudio.walkthrough.built',
  setApiKey: 'reportStudio.walkthrough.apiKeyStored',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_STEPS;
