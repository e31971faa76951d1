package dev.dbprint.mcp.sqlcheck;

import java.util.function.BooleanSupplier;

/**
 * The time one check_sql call may spend, and whether its caller withdrew it: reading and checking ask it as they go and
 * stop once it is spent, so neither a slow statement nor a cancelled call keeps a thread busy.
 */
public final class CallBudget {

    /** Thrown where work stops because the budget is spent or the call was cancelled. */
    public static final class Spent extends RuntimeException {

        Spent() {
            super(null, null, false, false);
        }
    }

    private final long deadline;
    private final BooleanSupplier cancelled;

    private CallBudget(long deadline, BooleanSupplier cancelled) {
        this.deadline = deadline;
        this.cancelled = cancelled;
    }

    /** A budget of {@code nanos} from now, spent early when {@code cancelled} says so. */
    public static CallBudget of(long nanos, BooleanSupplier cancelled) {
        return new CallBudget(System.nanoTime() + nanos, cancelled);
    }

    /** Whether the time is up or the call was cancelled. */
    public boolean spent() {
        return cancelled.getAsBoolean() || System.nanoTime() - deadline >= 0;
    }

    /** @throws Spent when {@link #spent()} */
    public void check() {
        if (spent()) {
            throw new Spent();
        }
    }
}
