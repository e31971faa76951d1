CREATE TABLE seedbank.accession (
    accession_id integer NOT NULL,
    collector_id integer NOT NULL,
    CONSTRAINT accession_pkey PRIMARY KEY (accession_id),
    CONSTRAINT accession_collector_fk FOREIGN KEY (collector_id) REFERENCES seedbank.collector (collector_id)
);
