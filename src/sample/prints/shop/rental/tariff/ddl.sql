CREATE TABLE rental.tariff (
    tariff_id integer NOT NULL,
    name character varying(40) NOT NULL,
    price_per_minute_eur numeric(5,2) NOT NULL,
    monthly_fee_eur numeric(6,2) DEFAULT 0 NOT NULL,
    valid_from date NOT NULL,
    valid_to date
);

ALTER TABLE ONLY rental.tariff
    ADD CONSTRAINT tariff_name_key UNIQUE (name);

ALTER TABLE ONLY rental.tariff
    ADD CONSTRAINT tariff_pkey PRIMARY KEY (tariff_id);
