// What the import graph (scripts/import-graph.ts) reads of each production file under src/: its imports
// (static, re-export, dynamic, type-only), the Node built-ins it uses, whether it reads the global
// `process`, and the framework names it writes, from a TypeScript parse.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/** One import statement (static, re-export or dynamic) between two files under src/. */
export interface FileImport {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at build time, but still a dependency of the design. */
  isTypeOnly: boolean;
}

export interface SourceFacts {
  /** Paths relative to src/, with `/`. */
  file: string;
  imports: FileImport[];
  /** Node built-ins imported (`node:fs`, `fs/promises`, …), normalised to `node:NAME`. */
  builtins: string[];
  /** Whether the file reads the global `process` (env, argv, pid, exit, signals). */
  usesProcess: boolean;
  /** Framework names written as string literals (a switch or a literal type on the name). */
  frameworkNames: string[];
  /** Only re-exports (`export … from`): a public surface, not code of its own. */
  isBarrel: boolean;
  /** Relative imports that leave src/ (`../../examples/…`): what the library needs from outside itself. */
  outsideImports?: string[];
}

/** The names a framework profile owns (src/frameworks/); a literal of one elsewhere is a switch on it. */
export const frameworkNames = [
  'jax',
  'torch',
  'pytorch',
  'tensorflow',
  'vllm',
  'sglang',
  'tensorrt-llm',
] as const;

/** The pure core (DESIGN "Layers and data flow"): data in, data out, no file, process or environment. */
export const pureCoreFolders = ['plan', 'estimate', 'doctor', 'fit', 'verdict'] as const;

/**
 * Where a core folder keeps its adapters beside the core: a file named `*.io.ts` or under an `io/` or
 * `adapters/` folder reads the machine on the core's behalf and is not held to the core's rule.
 */
export const isCoreAdapter = (file: string): boolean =>
  /(^|\/)(io|adapters)\//.test(file) || /\.io\.ts$/.test(file);

/** The built-ins that read or change the machine: what the pure core may not import. */
export const ioBuiltins = new Set(['node:fs', 'node:fs/promises', 'node:child_process']);

const toPosix = (path: string): string => path.split(sep).join('/');

/** Every production .ts file under `srcRoot` (relative, `/`-separated, sorted). */
export function listSourceFiles(srcRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-helpers' && entry.name !== 'node_modules') walk(path);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !/\.d\.ts$/.test(entry.name)
      )
        files.push(toPosix(relative(srcRoot, path)));
    }
  };
  walk(srcRoot);
  return files.sort();
}

/** The file under src/ a relative specifier names (`./a.js` is `a.ts`); null for a package or outside. */
export function resolveImport(
  fromFile: string,
  specifier: string,
  known: ReadonlySet<string>,
): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = toPosix(join(dirname(fromFile), specifier));
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`];
  candidates.push(`${base}/index.ts`);
  return candidates.find((c) => known.has(c)) ?? null;
}

/** `node:NAME` for a built-in module's specifier, bare or not; null for anything else. */
export function builtinName(specifier: string): string | null {
  if (specifier.startsWith('node:')) return specifier;
  // Bare built-in names (`fs`, `child_process`) are the same modules.
  const bare = [
    'fs',
    'fs/promises',
    'child_process',
    'os',
    'path',
    'process',
    'net',
    'http',
    'worker_threads',
  ];
  return bare.includes(specifier) ? `node:${specifier}` : null;
}

const bindsName = (name: ts.BindingName, wanted: string): boolean =>
  ts.isIdentifier(name)
    ? name.text === wanted
    : name.elements.some((e) => !ts.isOmittedExpression(e) && bindsName(e.name, wanted));

const declaresInList = (list: ts.ForInitializer | undefined, wanted: string): boolean =>
  list !== undefined &&
  ts.isVariableDeclarationList(list) &&
  list.declarations.some((d) => bindsName(d.name, wanted));

// Whether `scope` itself declares `wanted` (a parameter, a variable of its block, a loop or catch variable).
function declaresName(scope: ts.Node, wanted: string): boolean {
  if (ts.isFunctionLike(scope)) return scope.parameters.some((p) => bindsName(p.name, wanted));
  if (ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isForStatement(scope))
    return declaresInList(scope.initializer, wanted);
  if (ts.isCatchClause(scope))
    return scope.variableDeclaration !== undefined && bindsName(scope.variableDeclaration.name, wanted);
  if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isCaseClause(scope) || ts.isDefaultClause(scope))
    return scope.statements.some(
      (s) =>
        (ts.isVariableStatement(s) && declaresInList(s.declarationList, wanted)) ||
        ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === wanted),
    );
  return false;
}

function isInTypePosition(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isTypeNode(at) && !ts.isExpressionWithTypeArguments(at)) return true;
    if (ts.isStatement(at)) return false;
  }
  return false;
}

// An identifier `process` that names the global: not a property name, not a declaration, not a type,
// and not shadowed by a local of that name in any enclosing scope.
function isGlobalProcess(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent)) &&
    parent.name === node
  )
    return false;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) return false;
  if (ts.isExportSpecifier(parent)) return false;
  if (isInTypePosition(node)) return false;
  for (let scope: ts.Node | undefined = parent; scope; scope = scope.parent)
    if (declaresName(scope, 'process')) return false;
  return true;
}

/** Reads one file's imports, built-ins, use of `process` and framework-name literals. */
export function readSourceFacts(options: {
  srcRoot: string;
  file: string;
  known: ReadonlySet<string>;
}): SourceFacts {
  const { srcRoot, file, known } = options;
  const text = readFileSync(join(srcRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: FileImport[] = [];
  const builtins = new Set<string>();
  const names = new Set<string>();
  const outside = new Set<string>();
  let usesProcess = false;
  const onSpecifier = (specifier: string, isTypeOnly: boolean): void => {
    const builtin = builtinName(specifier);
    if (builtin !== null) {
      if (!isTypeOnly) builtins.add(builtin);
      if (builtin === 'node:process' && !isTypeOnly) usesProcess = true;
      return;
    }
    const to = resolveImport(file, specifier, known);
    if (to !== null) imports.push({ from: file, to, isTypeOnly });
    const target = toPosix(join(dirname(file), specifier));
    if (specifier.startsWith('.') && target.startsWith('../')) outside.add(target.replace(/^(\.\.\/)+/, ''));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const isTypeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      onSpecifier(node.moduleSpecifier.text, isTypeOnly);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      onSpecifier(node.moduleSpecifier.text, node.isTypeOnly);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      onSpecifier(node.arguments[0].text, false);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) onSpecifier(literal.text, true);
    }
    if (ts.isStringLiteralLike(node) && (frameworkNames as readonly string[]).includes(node.text)) {
      names.add(node.text);
    }
    if (ts.isIdentifier(node) && node.text === 'process' && isGlobalProcess(node)) usesProcess = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    file,
    imports,
    builtins: [...builtins].sort(),
    usesProcess,
    frameworkNames: [...names].sort(),
    outsideImports: [...outside].sort(),
    isBarrel:
      source.statements.length > 0 &&
      source.statements.every((s) => ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined),
  };
}

/** The folder a file belongs to: its first directory under src/, or the file itself at the top. */
export const folderOf = (file: string): string => {
  const slash = file.indexOf('/');
  return slash < 0 ? file.replace(/\.tsx?$/, '.ts') : file.slice(0, slash);
};

/** Reads every production file under `srcRoot`. */
export function readAllSourceFacts(srcRoot: string): SourceFacts[] {
  const files = listSourceFiles(srcRoot);
  const known = new Set(files);
  return files.map((file) => readSourceFacts({ srcRoot, file, known }));
}
