"""The browser's bubbles over a form's field left wrong speak the page's language, not the
browser's (``form-validity.js``): a Hungarian page in an English browser said "Please fill out
this field"."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import new_page

#: Fields made in the page, each with what it holds, and the words the page gives each.
FIELDS = """async () => {
  const { validityWords } = await import(staticBase + "form-validity.js");
  const made = (attrs, value) => {
    const field = document.createElement("input");
    for (const [name, said] of Object.entries(attrs)) field.setAttribute(name, said);
    field.value = value;
    return validityWords(field);
  };
  return {
    mail: made({ type: "email" }, "anna"),
    least: made({ type: "number", min: "20", max: "180", step: "5" }, "15"),
    most: made({ type: "number", min: "20", max: "180", step: "5" }, "1500"),
    step: made({ type: "number", min: "20", max: "180", step: "5" }, "22"),
    whole: made({ type: "number", min: "0", max: "60", step: "1" }, "2.5"),
    fine: made({ type: "number", min: "20", max: "180", step: "5" }, "25"),
  };
}"""


def test_a_hungarian_page_in_an_english_browser_says_its_own_words(
    browser: Browser, live_server: str
) -> None:
    page = new_page(browser, live_server, locale="en-US")
    page.goto(f"{live_server}/?lang=hu")
    page.wait_for_function("document.querySelector('#account h2')?.innerText.includes('Fiókod')")
    page.click("#log-in")  # the login form's fields empty: the browser stops it
    page.wait_for_function(
        "document.querySelector('#account-name')?.validationMessage === 'Ezt ki kell tölteni.'"
    )
    page.fill("#account-name", "Ana")
    # Typed in, the field is judged again: its words go with what was wrong.
    assert page.eval_on_selector(
        "#account-name", "(field) => [field.validationMessage, field.validity.valid]"
    ) == [
        "",
        True,
    ]
    page.click("#log-in")
    page.wait_for_function(
        "document.querySelector('#account-password')?.validationMessage === 'Ezt ki kell tölteni.'"
    )
    assert page.evaluate(FIELDS) == {
        "mail": "Adj meg egy e-mail-címet, például: nev@example.com.",
        "least": "A legkisebb megengedett érték: 20.",
        "most": "A legnagyobb megengedett érték: 180.",
        "step": "Az 5 egyik többszörösét add meg.",
        "whole": "Egész számot adj meg.",
        "fine": "",
    }
    assert page.errors == []
