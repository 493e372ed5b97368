package io.kwire.capture;

/**
 * One captured packet as the capture file holds it.
 *
 * @param number its number in the capture, from 1
 * @param fileOffset where its record or block starts
 * @param timeNanos capture time, nanoseconds since the epoch
 * @param linkType the interface's link type (LINKTYPE_ETHERNET = 1, ...)
 * @param data the captured bytes (possibly fewer than the packet had: {@code originalLength})
 * @param originalLength the packet's length on the wire
 */
record Packet(long number, long fileOffset, long timeNanos, int linkType, byte[] data, long originalLength) {}
