import { describe, expect, it } from 'vitest';

import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('splits at the semicolons that end statements', () => {
    expect(
      splitStatements(
        '-- a table\nCREATE TABLE a (x int);\nCREATE INDEX a_x ON a (x); SELECT 1;\n',
      ),
    ).toEqual(['-- a table\nCREATE TABLE a (x int)', 'CREATE INDEX a_x ON a (x)', 'SELECT 1']);
  });

  it('never splits inside a string or a quoted name', () => {
    expect(
      splitStatements(`COMMENT ON TABLE a IS 'one; two';\nALTER TABLE "b;c" ADD COLUMN y int;`),
    ).toEqual([`COMMENT ON TABLE a IS 'one; two'`, `ALTER TABLE "b;c" ADD COLUMN y int`]);
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
