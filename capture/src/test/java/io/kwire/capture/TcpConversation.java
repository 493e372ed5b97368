package io.kwire.capture;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Writes one TCP connection as test packets: handshake, bytes each way cut into segments, FIN. */
final class TcpConversation {
  final Endpoint client;
  final Endpoint broker;
  final List<TestPacket> packets = new ArrayList<>();
  private int clientNext;
  private int brokerNext;
  private long time;

  TcpConversation(String clientAddress, int clientPort, String brokerAddress, int brokerPort, long startNanos) {
    this.client = endpoint(clientAddress, clientPort);
    this.broker = endpoint(brokerAddress, brokerPort);
    this.time = startNanos;
    // sequence numbers near the wrap, so that wrap-around is exercised
    this.clientNext = 0xFFFFF000;
    this.brokerNext = 0x7FFFFF00;
  }

  static Endpoint endpoint(String address, int port) {
    try {
      return new Endpoint(InetAddress.getByName(address), port);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(address, e);
    }
  }

  TcpConversation handshake() {
    add(true, TcpSegment.SYN, new byte[0]);
    clientNext++;
    add(false, TcpSegment.SYN | TcpSegment.ACK, new byte[0]);
    brokerNext++;
    add(true, TcpSegment.ACK, new byte[0]);
    return this;
  }

  /** The client sends {@code bytes} in segments of at most {@code segment} bytes. */
  TcpConversation client(byte[] bytes, int segment) {
    return send(true, bytes, segment);
  }

  TcpConversation broker(byte[] bytes, int segment) {
    return send(false, bytes, segment);
  }

  private TcpConversation send(boolean fromClient, byte[] bytes, int segment) {
    for (int at = 0; at < bytes.length; at += segment) {
      byte[] part = Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + segment));
      add(fromClient, TcpSegment.ACK | 0x08, part);
      if (fromClient) {
        clientNext += part.length;
      } else {
        brokerNext += part.length;
      }
    }
    return this;
  }

  /** {@code n} bare ACKs from the client. */
  TcpConversation acks(int n) {
    for (int i = 0; i < n; i++) {
      add(true, TcpSegment.ACK, new byte[0]);
    }
    return this;
  }

  TcpConversation fin() {
    add(true, TcpSegment.FIN | TcpSegment.ACK, new byte[0]);
    clientNext++;
    add(false, TcpSegment.FIN | TcpSegment.ACK, new byte[0]);
    brokerNext++;
    add(true, TcpSegment.ACK, new byte[0]);
    return this;
  }

  private void add(boolean fromClient, int flags, byte[] payload) {
    time += 1_000_000; // one millisecond apart
    packets.add(fromClient
        ? new TestPacket(time, client, broker, clientNext, brokerNext, flags, payload)
        : new TestPacket(time, broker, client, brokerNext, clientNext, flags, payload));
  }
}
