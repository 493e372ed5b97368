package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelException;
import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** EMFILE is told from a refusal, however deep it is wrapped (as the JDK and Netty word it). */
class SocketErrorsTest {
  @Test
  void tooManyOpenFilesIsOutOfFileDescriptors() {
    assertTrue(SocketErrors.isOutOfFileDescriptors(new IOException("Too many open files")));
    // Netty's native transport
    assertTrue(SocketErrors.isOutOfFileDescriptors(new IOException("accept(..) failed: Too many open files")));
    // NIO's connect: the channel cannot be made, wrapped by Netty then by kwire-net and a future
    assertTrue(SocketErrors.isOutOfFileDescriptors(new CompletionException(new KwireConnectionException(
        "cannot connect to /127.0.0.1:9092", new ChannelException("Unable to create Channel",
            new IOException("Too many open files"))))));
    assertTrue(SocketErrors.isOutOfFileDescriptors(new IOException("Too many open files in system")));
  }

  @Test
  void aRefusalOrAnotherFailureIsNot() {
    assertFalse(SocketErrors.isOutOfFileDescriptors(new ConnectException("Connection refused")));
    assertFalse(SocketErrors.isOutOfFileDescriptors(new KwireConnectionException("cannot connect",
        new ConnectException("Connection refused"))));
    assertFalse(SocketErrors.isOutOfFileDescriptors(new IllegalStateException("Too many open files"))); // not I/O
    assertFalse(SocketErrors.isOutOfFileDescriptors(new IOException((String) null)));
    assertFalse(SocketErrors.isOutOfFileDescriptors(null));
  }
}
