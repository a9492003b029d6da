/**
 * The page map the API needs to preload a server-rendered page's modules, written by the web build
 * from the route table itself, so no second, hand-kept copy exists (docs/architecture.md "The
 * places a new feature touches"; the preloading: docs/decisions/0001-hydration-at-load.md).
 *
 * `src/app/routes.tsx` declares each lazy page once (`pages`: key → `import('…-page')`) and the
 * first path segment that opens it (`pageOfSegment`: segment → key). {@link pageModulesOf} reads
 * both object literals from the source; the {@link pageModules} plugin resolves each import as the
 * build does and writes `dist/.vite/page-modules.json`: `{ "<segment>": "<manifest key>" }`, e.g.
 * `{ "": "src/features/home/pages/home-page.tsx", "intern-connect": "src/features/internships/pages/internships-page.tsx" }`
 * — the keys of Vite's `dist/.vite/manifest.json`, read by apps/api/src/lib/ssr.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** Where the map is written, relative to the build's output folder (beside Vite's manifest). */
export const PAGE_MODULES_FILE = '.vite/page-modules.json';

/** The route table the map is read from, relative to the web app's root. */
export const ROUTES_FILE = 'src/app/routes.tsx';

/** A top-level `const name = { … }` of `source`, or undefined. */
function objectLiteral(source: ts.SourceFile, name: string): ts.ObjectLiteralExpression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let init = declaration.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === name &&
        init &&
        ts.isObjectLiteralExpression(init)
      )
        return init;
    }
  }
  return undefined;
}

/** A property's name as written (`rides`, `'lost-found'`, `''`). */
function propertyName(name: ts.PropertyName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  throw new Error(`unsupported property name ${name.getText()}`);
}

/** The specifier of the one `import('…')` inside `node`, or undefined. */
function dynamicImportIn(node: ts.Node): string | undefined {
  let found: string | undefined;
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = n.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found = arg.text;
    }
    if (!found) ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * The page import of each first path segment in the route table `source` (the text of
 * {@link ROUTES_FILE}): `{ segment: specifier }`, the specifier as written (`'../features/…-page'`).
 * Throws when `pages` or `pageOfSegment` is missing, when a page has no `import('…')`, or when a
 * segment names a page that `pages` does not declare — the build then fails instead of shipping a
 * map that preloads nothing.
 */
export function pageModulesOf(source: string, fileName = ROUTES_FILE): Record<string, string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const pages = objectLiteral(file, 'pages');
  const ofSegment = objectLiteral(file, 'pageOfSegment');
  if (!pages || !ofSegment) throw new Error(`${fileName}: no \`const pages = {…}\` or \`const pageOfSegment = {…}\``);
  const imports = new Map<string, string>();
  for (const property of pages.properties) {
    if (!ts.isPropertyAssignment(property))
      throw new Error(`${fileName}: pages: ${property.getText()} is not key: value`);
    const specifier = dynamicImportIn(property.initializer);
    if (!specifier) throw new Error(`${fileName}: pages.${propertyName(property.name)} has no import('…')`);
    imports.set(propertyName(property.name), specifier);
  }
  const map: Record<string, string> = {};
  for (const property of ofSegment.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isStringLiteralLike(property.initializer))
      throw new Error(`${fileName}: pageOfSegment: ${property.getText()} is not 'segment': 'page'`);
    const segment = propertyName(property.name);
    const specifier = imports.get(property.initializer.text);
    if (!specifier) throw new Error(`${fileName}: pageOfSegment['${segment}'] names no page of \`pages\``);
    map[segment] = specifier;
  }
  return map;
}

/**
 * Vite plugin (browser build): writes {@link PAGE_MODULES_FILE} into the output folder — each
 * first path segment of the route table with its page's manifest key (the module's path from the
 * app's root). Fails the build when a page module is not a chunk of its own in the bundle.
 */
export function pageModules(): Plugin {
  let root = process.cwd();
  let map: Record<string, string> = {};
  return {
    name: 'page-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const routes = path.join(root, ROUTES_FILE);
      const entries = Object.entries(pageModulesOf(fs.readFileSync(routes, 'utf8'), ROUTES_FILE));
      const chunkModules = new Set(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.facadeModuleId ? [c.facadeModuleId] : [])),
      );
      map = {};
      for (const [segment, specifier] of entries) {
        const resolved = await this.resolve(specifier, routes);
        if (!resolved || !chunkModules.has(resolved.id))
          this.error(`page-modules: ${specifier} (/${segment}) is not a chunk of the build`);
        map[segment] = path.relative(root, resolved.id).split(path.sep).join('/');
      }
    },
    writeBundle(options) {
      const file = path.join(options.dir ?? path.join(root, 'dist'), PAGE_MODULES_FILE);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(map, null, 2)}\n`);
    },
  };
}
