CREATE TABLE rental.customer (
    customer_id integer NOT NULL,
    email character varying(254) NOT NULL,
    country_code character varying(3),
    signup_channel character varying(16) NOT NULL,
    membership character varying(16) NOT NULL,
    tariff_id integer,
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp(0) with time zone DEFAULT now() NOT NULL
);

COMMENT ON COLUMN rental.customer.tariff_id IS 'Plan number from the retired billing system; not a rental.tariff key';

ALTER TABLE ONLY rental.customer
    ADD CONSTRAINT customer_email_key UNIQUE (email);

ALTER TABLE ONLY rental.customer
    ADD CONSTRAINT customer_pkey PRIMARY KEY (customer_id);
