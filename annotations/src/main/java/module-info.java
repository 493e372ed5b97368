/** The annotations a kwire message record carries; see {@link io.kwire.annotations.ApiKey}. */
module io.kwire.annotations {
  exports io.kwire.annotations;
}
