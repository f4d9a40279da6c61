package sqlstore

// The schema migrations, for the tests that build an old schema by hand.
var (
	SQLiteMigrations   = sqliteMigrations
	PostgresMigrations = postgresMigrations
)
