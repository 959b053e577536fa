import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

interface FixedWait {
  file: string;
  /** 1-based line of the timer. */
  line: number;
  ms: number;
}

/** Names a test gives a promise that resolves after a delay. */
const SLEEP_NAMES = new Set(['sleep', 'delay', 'wait', 'pause']);

/** Numbers a module binds with `const NAME = <number>` at its top level, exported or not. */
function numericConstants(source: ts.SourceFile, known = new Map<string, number>()): Map<string, number> {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const))
      continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer && evaluate(declaration.initializer, known);
      if (ts.isIdentifier(declaration.name) && value !== undefined) known.set(declaration.name.text, value);
    }
  }
  return known;
}

const constantsByModule = new Map<string, Map<string, number>>();

/** The top-level numeric constants of a module a test imports, read once per module. */
function moduleConstants(path: string): Map<string, number> {
  let constants = constantsByModule.get(path);
  if (!constants) {
    constants = numericConstants(
      ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest),
    );
    constantsByModule.set(path, constants);
  }
  return constants;
}

/**
 * The numbers a test can name: its own constants and those it imports by name from the project's
 * modules, so a timer given `LEASE_MS + 500` is read wherever LEASE_MS is defined.
 */
function constantsInScope(file: string, source: ts.SourceFile): Map<string, number> {
  const known = new Map<string, number>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const names = statement.importClause?.namedBindings;
    if (!specifier.startsWith('.') || !names || !ts.isNamedImports(names)) continue;
    const path = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
    if (!existsSync(path)) continue;
    const imported = moduleConstants(path);
    for (const element of names.elements) {
      const value = imported.get((element.propertyName ?? element.name).text);
      if (value !== undefined) known.set(element.name.text, value);
    }
  }
  return numericConstants(source, known);
}

/** The value of a number written in the source: a literal, a known constant, or sums and products of them. */
function evaluate(node: ts.Expression, constants: Map<string, number>): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
  if (ts.isIdentifier(node)) return constants.get(node.text);
  if (ts.isParenthesizedExpression(node)) return evaluate(node.expression, constants);
  if (ts.isBinaryExpression(node)) {
    const left = evaluate(node.left, constants);
    const right = evaluate(node.right, constants);
    if (left === undefined || right === undefined) return undefined;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return left + right;
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return left * right;
  }
  return undefined;
}

/** A timer callback that only resumes whoever waits on it: `resolve`, or `() => resolve()`. */
function resumesWaiter(callback: ts.Expression): boolean {
  if (ts.isIdentifier(callback)) return true;
  if (!ts.isArrowFunction(callback) && !ts.isFunctionExpression(callback)) return false;
  const [only, ...more] = ts.isBlock(callback.body) ? callback.body.statements : [];
  const call = ts.isBlock(callback.body)
    ? only && more.length === 0 && ts.isExpressionStatement(only) && only.expression
    : callback.body;
  return (
    !!call && ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.arguments.length === 0
  );
}

/**
 * The delay a call waits for, when it is a wait: `setTimeout(resolve, ms)`, the promise form
 * `setTimeout(ms)` of node:timers/promises, or `sleep(ms)` and its kin. A timer that calls anything
 * else schedules a fault's end or a deadline while the test goes on; it is not a wait.
 */
function waitDelay(call: ts.CallExpression, constants: Map<string, number>): number | undefined {
  const callee = call.expression;
  if (!ts.isIdentifier(callee)) return undefined;
  const [first, second] = call.arguments;
  if (first === undefined) return undefined;
  if (SLEEP_NAMES.has(callee.text)) return evaluate(first, constants);
  if (callee.text !== 'setTimeout') return undefined;
  const promiseForm = evaluate(first, constants);
  if (promiseForm !== undefined) return promiseForm;
  return second !== undefined && resumesWaiter(first) ? evaluate(second, constants) : undefined;
}

/** Each wait of one test source for a fixed number of milliseconds, at least `minMs`. */
export function fixedWaits(file: string, text: string, minMs: number): FixedWait[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const constants = constantsInScope(file, source);
  const found: FixedWait[] = [];
  const visit = (node: ts.Node) => {
    const ms = ts.isCallExpression(node) ? waitDelay(node, constants) : undefined;
    if (ms !== undefined && ms >= minMs) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file, line, ms });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Test code: every TypeScript file under test/, and the tests and test helpers beside the code in src/. */
export function testSources(): string[] {
  const inTest = files('test').filter((file) => file.endsWith('.ts') && !file.startsWith('test/fixtures/'));
  const besideCode = files('src').filter((file) => /\.(test|test-helper)\.ts$/.test(file));
  return [...inTest, ...besideCode];
}

export const fixedWaitsIn = (sources: string[], minMs: number) =>
  sources.flatMap((file) => fixedWaits(file, readFileSync(file, 'utf8'), minMs));
