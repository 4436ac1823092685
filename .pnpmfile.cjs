// React 18 is installed next to React 19 (as `react18` / `react-dom18`) to run the React test suite
// on both. Its react-dom must load React 18, so its peer on `react` becomes a direct dependency.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'react-dom' && pkg.version === '18.3.1') {
        pkg.dependencies = { ...pkg.dependencies, react: '18.3.1' };
        pkg.peerDependencies = {};
      }
      return pkg;
    },
  },
};
