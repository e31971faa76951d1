package dev.dbprint.mcp;

import java.lang.reflect.Method;
import java.util.Set;

import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Makes the mutation gate's test discovery cheap. PIT's JUnit 5 plugin learns which tests a class holds by running
 * them, and each minion PIT starts (one per mutated class, and one more after every mutant that times out) first does
 * that for every test class relevant to its mutants: the relevant suite ran whole, 10-20 s, before each minion's first
 * mutant, most of the gate's time. That pass only asks which tests exist, so there this skips test bodies and
 * lifecycle methods; the tests are registered all the same, including every parameterized invocation and dynamic test.
 * Everywhere else (Surefire, PIT's coverage pass, each mutant's run) every invocation proceeds. Registered through
 * {@code junit-platform.properties} and the {@code Extension} service file.
 */
public final class MutationDiscoveryPass implements InvocationInterceptor {

    /** PIT's test finder, on the stack during discovery; the minion that runs mutants, not the coverage one. */
    private static final Set<String> DISCOVERY_IN_MUTATION_MINION = Set.of("org.pitest.junit5.JUnit5TestUnitFinder",
            "org.pitest.mutationtest.execute.MutationTestMinion");

    static boolean inDiscoveryPass() {
        return StackWalker.getInstance().walk(frames -> frames.map(StackWalker.StackFrame::getClassName)
                .filter(DISCOVERY_IN_MUTATION_MINION::contains).distinct().count() == DISCOVERY_IN_MUTATION_MINION.size());
    }

    private static void proceedOrSkip(Invocation<Void> invocation) throws Throwable {
        if (inDiscoveryPass()) {
            invocation.skip();
        } else {
            invocation.proceed();
        }
    }

    @Override
    public void interceptBeforeAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }

    @Override
    public void interceptDynamicTest(Invocation<Void> invocation, DynamicTestInvocationContext context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }

    @Override
    public void interceptAfterAllMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> context,
            ExtensionContext extensionContext) throws Throwable {
        proceedOrSkip(invocation);
    }
}
