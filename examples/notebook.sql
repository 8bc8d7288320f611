-- The SQL cells of examples/notebook.md, in order. From the repository's
-- root, after `go run ./cmd/sgtab run` and `npm ci --prefix examples/duckdb`:
--   node examples/duckdb/query.mjs -f examples/notebook.sql

SELECT n, sg FROM 'sgtab-out/laskers-nim.parquet' WHERE n BETWEEN 1 AND 8 ORDER BY n;

SELECT n % 4 AS class, min(sg::BIGINT - n) AS lo, max(sg::BIGINT - n) AS hi
FROM 'sgtab-out/laskers-nim.parquet' WHERE n > 0 GROUP BY class ORDER BY class;

SELECT decode(key) AS key, decode(value) AS value
FROM parquet_kv_metadata('sgtab-out/kayles.parquet')
WHERE decode(key) IN ('sgtab.status', 'sgtab.period', 'sgtab.preperiod',
                      'sgtab.theorem', 'sgtab.proof_window', 'sgtab.closed_form')
ORDER BY key;

SELECT count(*) FILTER (WHERE a.n >= 71 AND a.sg <> b.sg) AS breaks_from_71,
       count(*) FILTER (WHERE a.n = 70 AND a.sg <> b.sg) AS breaks_at_70
FROM 'sgtab-out/kayles.parquet' a JOIN 'sgtab-out/kayles.parquet' b ON b.n = a.n + 12;

SELECT list(n ORDER BY n)[1:10] AS losing FROM 'sgtab-out/dawsons-kayles.parquet' WHERE sg = 0;

SELECT name, rule, status, period, preperiod, saltus, max_sg
FROM 'sgtab-out/summary.parquet' ORDER BY status, name;
