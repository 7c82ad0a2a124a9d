// What the quick fixes are expected to do with the broken corpus (test/fixtures/broken/).

/** Corpus files whose faults have no obvious repair (a fix would have to invent content). */
export const NO_OBVIOUS_FIX: Record<string, string> = {
  '15-rows-object.report.json': 'rows given as an object of name → number: which column is which is a guess',
  '16-options-list.report.json': 'options given as a list of text: the keys are unknown',
  '17-highlighted-string.report.json': '"maybe" is neither true nor false',
  '19-card-value-null.report.json': 'a null value: the figure is unknown',
  '20-spark-ring-value-string.report.json': '"high" is not a number',
  '37-table-in-cover-page.report.json': 'a Table is not allowed on the cover page: moving it is a design decision',
  '38-cover-row-with-card.report.json': 'a Card is not allowed on the cover page',
};
