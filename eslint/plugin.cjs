// The repository's own ESLint rules.
module.exports = {
  meta: { name: 'meridian' },
  rules: { 'no-import-cycle': require('./noImportCycle.cjs') },
};
