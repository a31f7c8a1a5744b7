import { describe, expect, it } from 'vitest';

import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('splits at semicolons that end a line and drops comment lines', () => {
    expect(
      splitStatements('-- a table\nCREATE TABLE a (x int);\nCREATE INDEX a_x ON a (x);\n'),
    ).toEqual(['CREATE TABLE a (x int)', 'CREATE INDEX a_x ON a (x)']);
  });

  it('keeps a dollar-quoted function body whole', () => {
    const sql = [
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$',
      'BEGIN',
      '  -- a comment inside the body stays',
      '  UPDATE t SET n = n + 1;',
      '  RETURN NULL;',
      'END;',
      '$$;',
      'CREATE TRIGGER g AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION f();',
    ].join('\n');
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('UPDATE t SET n = n + 1;');
    expect(statements[0]).toContain('-- a comment inside the body stays');
    expect(statements[0]!.endsWith('$$')).toBe(true);
  });
});
