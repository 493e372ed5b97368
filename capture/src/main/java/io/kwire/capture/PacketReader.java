package io.kwire.capture;

import java.io.IOException;

/** The packets of one capture file format, in file order. */
interface PacketReader {
  /** The next packet, or null at the end of the capture. */
  Packet next() throws IOException;

  /** Link types (LINKTYPE_*) and the formats' magic numbers. */
  int ETHERNET = 1;
  int NULL = 0;
  int RAW = 101;
  int LOOP = 108;
  int LINUX_SLL = 113;
  int IPV4 = 228;
  int IPV6 = 229;
  int LINUX_SLL2 = 276;
}
