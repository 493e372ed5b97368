package io.kwire.fake.clients;

import io.kwire.fake.FakeBroker;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.requests.AbstractRequest;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;

/** One connection speaking kafka-clients' own request and response classes, a request at a time. */
final class KafkaWire implements AutoCloseable {
  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;
  private int correlationId;

  KafkaWire(FakeBroker broker) throws IOException {
    socket = new Socket(broker.host(), broker.port());
    socket.setSoTimeout(10_000);
    in = new DataInputStream(socket.getInputStream());
    out = new DataOutputStream(socket.getOutputStream());
  }

  @SuppressWarnings("unchecked")
  <R extends AbstractResponse> R send(AbstractRequest.Builder<?> builder, short version) throws IOException {
    AbstractRequest request = builder.build(version);
    RequestHeader header = new RequestHeader(request.apiKey(), version, "kafka-wire", ++correlationId);
    ByteBuffer frame = request.serializeWithHeader(header);
    out.writeInt(frame.remaining());
    out.write(frame.array(), frame.arrayOffset() + frame.position(), frame.remaining());
    out.flush();
    byte[] body = new byte[in.readInt()];
    in.readFully(body);
    ByteBuffer buffer = ByteBuffer.wrap(body);
    ResponseHeader.parse(buffer, request.apiKey().responseHeaderVersion(version));
    return (R) AbstractResponse.parseResponse(request.apiKey(), new ByteBufferAccessor(buffer), version);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
