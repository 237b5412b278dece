"""Start the page: the table's code lives in the scout_web package beside this file."""

from scout_web.view import main

main()
