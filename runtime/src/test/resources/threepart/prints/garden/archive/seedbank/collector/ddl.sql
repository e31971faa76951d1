CREATE TABLE seedbank.collector (
    collector_id integer NOT NULL,
    CONSTRAINT collector_pkey PRIMARY KEY (collector_id)
);
