#include <iostream>
int main() { std::cout << "infraplan-cli\n"; return 0; }
