package dev.dbprint.mcp.transport;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Keeps stdout for protocol frames alone. Called once in {@code main}, before anything can print: the real stdout is
 * taken for the stdio transport and {@code System.out} is pointed at stderr, so a stray print from any library lands
 * on stderr instead of corrupting the frame stream.
 */
public final class StdioStreams {

    private static volatile OutputStream frames;

    private StdioStreams() {
    }

    public static synchronized void capture() {
        if (frames == null) {
            frames = new FileOutputStream(FileDescriptor.out);
            System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        }
    }

    /** The stream frames are written to: the captured stdout, or stdout itself when nothing captured it. */
    static OutputStream frames() {
        OutputStream out = frames;
        return out != null ? out : new FileOutputStream(FileDescriptor.out);
    }
}
