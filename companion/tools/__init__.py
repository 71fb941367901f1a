"""Developer tools: benchmarks, galleries, sample screens, the crash harness, the synthetic
table sessions and the figure scripts. Shipped for the ``companion`` commands that use
them (``demo``, ``crash-test``, ``bench``); no runtime package imports them."""
