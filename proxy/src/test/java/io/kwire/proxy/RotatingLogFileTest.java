package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RotatingLogFileTest {
  @TempDir
  Path dir;

  @Test
  void pastItsSizeTheFileMovesDownAndOnlyTheNewestFilesAreKept() throws Exception {
    Path file = dir.resolve("proxy.log");
    RotatingLogFile log = new RotatingLogFile(file, 20, 3);
    for (int i = 0; i < 10; i++) {
      log.write("line " + i + " 123"); // 11 bytes with its newline: one line a file
    }
    log.close();
    assertEquals(List.of("line 9 123"), Files.readAllLines(file));
    assertEquals(List.of("line 8 123"), Files.readAllLines(dir.resolve("proxy.log.1")));
    assertEquals(List.of("line 7 123"), Files.readAllLines(dir.resolve("proxy.log.2")));
    assertFalse(Files.exists(dir.resolve("proxy.log.3")));
    try (var files = Files.list(dir)) {
      assertEquals(3, files.count());
    }
  }

  @Test
  void linesFillAFileUpToItsSize() throws Exception {
    Path file = dir.resolve("proxy.log");
    RotatingLogFile log = new RotatingLogFile(file, 23, 2);
    for (int i = 0; i < 5; i++) {
      log.write("line " + i + "...."); // 11 bytes: two lines a file
    }
    log.close();
    assertEquals(List.of("line 4...."), Files.readAllLines(file));
    assertEquals(List.of("line 2....", "line 3...."), Files.readAllLines(dir.resolve("proxy.log.1")));
    assertFalse(Files.exists(dir.resolve("proxy.log.2")));
  }

  @Test
  void oneFileKeptIsStartedAfreshAndZeroNeverRotates() throws Exception {
    Path one = dir.resolve("one.log");
    RotatingLogFile log = new RotatingLogFile(one, 15, 1);
    log.write("aaaaaaaaa");
    log.write("bbbbbbbbb");
    log.close();
    assertEquals(List.of("bbbbbbbbb"), Files.readAllLines(one));
    Path never = dir.resolve("never.log");
    log = new RotatingLogFile(never, 0, 3);
    for (int i = 0; i < 100; i++) {
      log.write("x".repeat(100));
    }
    log.close();
    assertEquals(100, Files.readAllLines(never).size());
    assertFalse(Files.exists(dir.resolve("never.log.1")));
  }
}
