import KuchiCore
