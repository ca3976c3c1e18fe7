import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { compileMessages } from './src/toolchain/compile-messages.ts';

/**
 * Lazy chunks here carry no CSS and, with `modulePreload: false`, Vite passes every `__vitePreload(load, deps)`
 * an empty deps list, so its 0.8 KB helper only ever calls `load()`. Ship that call instead (the page-weight
 * budget counts every byte), and fail the build if a lazy import ever gets dependencies to preload again.
 */
function bareDynamicImports(): Plugin {
  return {
    name: 'verdict:bare-dynamic-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        if (/__vite__mapDeps\(\[\d/.test(file.code)) {
          throw new Error(
            `${file.fileName}: a dynamic import has dependencies to preload; see vite.config.ts`,
          );
        }
        if (file.name === 'preload-helper') {
          if (file.exports.length !== 1) throw new Error('unexpected exports from the preload helper');
          file.code = `const preload=(load)=>load();export{preload as ${file.exports[0]}};\n`;
        }
      }
    },
  };
}

/**
 * The lazy imports (islands, root's error and campaign pages) split the browser's code (decision 0007). The
 * server's build is one file, where a module that is also imported statically cannot move into a chunk of its
 * own: true, and beside the point there, so the server build does not say so.
 */
function quietServerDynamicImports(): Plugin {
  return {
    name: 'verdict:quiet-server-dynamic-imports',
    apply: 'build',
    onLog(_level, log) {
      if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && this.environment.config.consumer === 'server')
        return false;
    },
  };
}

/**
 * Every page loads the client entry and the root route, and with them everything they import statically. Split
 * into chunks by the bundler's default rule, that code was 20 small files (30 to 2,500 bytes gzip each), each with
 * its own imports and exports to link them. Here it is two chunks: the framework (React, React DOM, React Router)
 * and the app's shell (the top bar, session, toasts, compare, search box...), which also compress better whole.
 * Route modules and lazy chunks stay as they were. The modules are found from the graph, so a new import in the
 * shell joins it without a list to keep.
 */
function everyPageChunks(): Plugin {
  const always = new Set<string>();
  const isVendor = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  return {
    name: 'verdict:every-page-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    buildEnd() {
      always.clear();
      const roots = [...this.getModuleIds()].filter((id) => {
        const info = this.getModuleInfo(id);
        return info?.isEntry && (/entry\.client/.test(id) || /[\\/]root\.tsx\?/.test(id));
      });
      const walk = (id: string) => {
        if (always.has(id)) return;
        always.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
      };
      roots.forEach(walk);
      for (const id of roots) always.delete(id);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id: string) => always.has(id) && isVendor(id), priority: 2 },
            { name: 'shell', test: (id: string) => always.has(id) && !isVendor(id), priority: 1 },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouter(),
    compileMessages(),
    bareDynamicImports(),
    quietServerDynamicImports(),
    everyPageChunks(),
  ],
  build: { target: 'es2022', modulePreload: false },
});
