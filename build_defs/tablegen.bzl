"""Runs mlir-tblgen from the system LLVM repository in a genrule.

Bazel 4.2.3 has no llvm-project overlay here, so this is the project's own,
minimal replacement for upstream's gentbl_cc_library.
"""

_TBLGEN = "@llvm//:bin/mlir-tblgen"
_UPSTREAM_TD = "@llvm//:mlir_td_files"

def tiny_tablegen(name, td_file, outs, td_srcs = [], deps = [],
                  includes = []):
    """Generates one `.inc` file per (flags, output) pair and wraps them.

    Any mlir-tblgen generator works: `-gen-op-decls`, `-gen-pass-decls`,
    `-gen-rewriters` (declarative rewrite rules), ...

    Args:
      name: name of the resulting cc_library holding the generated headers.
      td_file: the top-level `.td` file to run mlir-tblgen on.
      outs: list of (flags, output path) pairs; flags is a list of strings.
      td_srcs: further `.td` files that td_file includes.
      deps: cc_library deps the generated code needs (usually @llvm//:MLIR).
      includes: further include folders, relative to the workspace root
        (another package's `.td` files that include their neighbours by
        bare name).
    """
    hdrs = []
    for i, (flags, out) in enumerate(outs):
        rule_name = "%s_gen_%d" % (name, i)
        native.genrule(
            name = rule_name,
            srcs = [td_file] + td_srcs + [_UPSTREAM_TD],
            outs = [out],
            tools = [_TBLGEN],
            cmd = ("$(location %s) %s -I external/llvm/include -I . %s " +
                   "-I $$(dirname $(location %s)) $(location %s) -o $@") % (
                _TBLGEN,
                " ".join(flags),
                " ".join(["-I " + i for i in includes]),
                td_file,
                td_file,
            ),
        )
        hdrs.append(out)
    native.cc_library(
        name = name,
        textual_hdrs = hdrs,
        deps = deps,
    )

def tiny_td_library(name, srcs):
    """Groups `.td` files that other tablegen rules include."""
    native.filegroup(name = name, srcs = srcs)

def tiny_tablegen_doc(name, td_file, out, flags, sources, title = None,
                      td_srcs = [], includes = []):
    """Generates one Markdown reference page with mlir-tblgen.

    The page starts with a comment naming its sources and the script that
    refreshes the checked-in copy in docs/reference; mlir-tblgen's `[TOC]`
    marker (a table of contents on MLIR's website, literal text elsewhere)
    is dropped.

    Args:
      name: name of the genrule.
      td_file: the top-level `.td` file to run mlir-tblgen on.
      out: the Markdown file to write.
      flags: mlir-tblgen flags, such as ["-gen-pass-doc"].
      sources: the `.td` files the page documents, as the page names them.
      title: a heading to put above mlir-tblgen's output, for generators
        that emit none (-gen-pass-doc).
      td_srcs: further `.td` files that td_file includes.
      includes: further include folders, relative to the workspace root.
    """
    native.genrule(
        name = name,
        srcs = [td_file] + td_srcs + [_UPSTREAM_TD],
        outs = [out],
        tools = [_TBLGEN],
        cmd = ("$(location %s) %s -I external/llvm/include -I . %s " +
               "-I $$(dirname $(location %s)) $(location %s) -o $@.tmp && " +
               "{ echo '<!-- Generated from %s by %s; refresh with " +
               "scripts/update-docs.sh. -->'; echo; %s" +
               "grep -vx '\\[TOC\\]' $@.tmp; } > $@ && rm $@.tmp") % (
            _TBLGEN,
            " ".join(flags),
            " ".join(["-I " + i for i in includes]),
            td_file,
            td_file,
            sources,
            "//" + native.package_name() + ":" + name,
            "echo '# %s'; echo; " % title if title else "",
        ),
    )
