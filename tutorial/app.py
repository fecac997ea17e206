"""Tutorial de Dou Dizhu (Streamlit). Placeholder until the app lands."""

import streamlit as st

st.set_page_config(page_title="Dou Dizhu — tutorial", page_icon="🃏")
st.title("Dou Dizhu")
st.write("El tutorial está en construcción.")
