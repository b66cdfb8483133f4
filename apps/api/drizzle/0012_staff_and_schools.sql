-- Filled by the schools and staff work (issue 16).
SELECT 1;
