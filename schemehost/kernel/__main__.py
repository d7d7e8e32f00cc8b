"""`python -m schemehost.kernel -f CONNECTION_FILE`: what the kernelspec runs."""

from ipykernel.kernelapp import IPKernelApp

from .kernel import SchemehostKernel

IPKernelApp.launch_instance(kernel_class=SchemehostKernel)
