// Placeholder until the CLI/demo lands: prints how to try the examples.
console.log('Report Studio: open examples/*.report.json in VS Code with the extension installed (npm run package).');
