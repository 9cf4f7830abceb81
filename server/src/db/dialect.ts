/** Which database the product runs on: SQLite embedded (the default) or PostgreSQL (several machines). */
export type Dialect = 'sqlite' | 'postgres';
