//===- Options.h - Outcore compiler parameters ----------------------------===//
//
// The parameters of DESIGN.md, as cl::opts (defaults) and as pass parameters
// (`outcore<page-size=16;mem-size=8000>`). Bad values are rejected with one
// error line naming the option.
//
//===----------------------------------------------------------------------===//
#ifndef OUTCORE_OPTIONS_H
#define OUTCORE_OPTIONS_H

#include "LocalityModel.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace outcore {

struct OutcoreParams {
  MachineParams Machine;
  int64_t FaultLatency;     ///< l_m, cycles (TOCS eq. 1)
  int64_t PrefetchOverhead; ///< l_p, cycles
  int64_t BlockPages;       ///< pages per block prefetch

  /// Bytes of one block prefetch (at least a page).
  int64_t blockBytes() const {
    return Machine.PageSize * (BlockPages > 1 ? BlockPages : 1);
  }
};

/// The values given by the -outcore-* command-line options (or defaults).
OutcoreParams paramsFromCommandLine();

/// -outcore-spill-globals-min: the smallest global SpillGlobals moves, in
/// bytes; 0: none.
int64_t spillGlobalsMinFromCommandLine();

/// Parses `key=value;key=value` pass parameters on top of the command line.
llvm::Expected<OutcoreParams> parsePassParams(llvm::StringRef Text);

/// Parses a byte count with an optional K/M/G suffix ("4096", "8M").
llvm::Expected<int64_t> parseByteCount(llvm::StringRef Text);

} // namespace outcore

#endif
