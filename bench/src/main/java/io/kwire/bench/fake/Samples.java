package io.kwire.bench.fake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Repeated measurements of one quantity: the median is what the summary reports, min and max show the spread. */
final class Samples {
  private final List<Double> values = new ArrayList<>();
  private int failures;
  private double last = Double.NaN;

  Samples add(double value) {
    values.add(value);
    last = value;
    return this;
  }

  /** A measurement that may fail on an overloaded machine. */
  interface Measurement {
    double run() throws Exception;
  }

  /** Runs {@code measurement} into {@code into}; a failure is printed and counted, and the run goes on. */
  static void attempt(String what, Samples into, Measurement measurement) {
    try {
      into.add(measurement.run());
    } catch (Exception e) {
      into.fail();
      Throwable cause = E2eWorkload.cause(e);
      System.out.println("  " + what + " FAILED: " + cause + (cause.getCause() == null ? "" : "; " + cause.getCause()));
    }
  }

  /** A run that failed: not in the figures, but said in {@link #describe}. */
  void fail() {
    failures++;
    last = Double.NaN;
  }

  /** The latest run's value (NaN if it failed). */
  double lastValue() {
    return last;
  }

  int size() {
    return values.size();
  }

  double median() {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    if (n == 0) {
      return Double.NaN;
    }
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  double min() {
    return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
  }

  double max() {
    return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
  }

  /** "median (min-max, n=N)" with the given number format. */
  String describe(String format) {
    return String.format(Locale.ROOT, format + " (" + format + "-" + format + ", n=%d%s)", median(), min(), max(), size(),
        failures == 0 ? "" : ", " + failures + " FAILED");
  }
}
